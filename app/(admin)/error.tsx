"use client";

export { PageError as default } from "@/console/ui/page-error";
