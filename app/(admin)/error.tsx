"use client";

export { PageError as default } from "@/lib/console/ui/page-error";
