-- The spec writes the decided states in lower case (3.2: approved, rejected).
ALTER TYPE "public"."attendance_request_status" RENAME VALUE 'Approved' TO 'approved';--> statement-breakpoint
ALTER TYPE "public"."attendance_request_status" RENAME VALUE 'Rejected' TO 'rejected';--> statement-breakpoint
ALTER TABLE "attendance_requests" DROP CONSTRAINT "attendance_requests_rejection_reason";--> statement-breakpoint
ALTER TABLE "attendance_requests" ADD CONSTRAINT "attendance_requests_rejection_reason" CHECK ("attendance_requests"."status" <> 'rejected' or length(trim("attendance_requests"."rejection_reason")) > 0);
