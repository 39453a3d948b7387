DROP INDEX "attendance_requests_queue_idx";--> statement-breakpoint
CREATE INDEX "attendance_requests_employee_idx" ON "attendance_requests" USING btree ("employee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "employee_checkins_in_time_idx" ON "employee_checkins" USING btree ("occurred_at") WHERE "employee_checkins"."direction" = 'in';--> statement-breakpoint
CREATE INDEX "attendance_requests_queue_idx" ON "attendance_requests" USING btree ("status","created_at","id");