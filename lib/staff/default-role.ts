/** The built-in role a new staff member gets unless another is chosen: back-office self-service (clock, requests). */
export const DEFAULT_STAFF_ROLE = "Employee";
