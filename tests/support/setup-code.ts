/**
 * The first-run setup code (SETUP_CODE) every suite and every server the suites start runs with, so their harnesses can
 * set a club up; the setup-wizard spec starts without it and reads the code its server prints (e2e/setup-wizard.spec.ts).
 */
export const TEST_SETUP_CODE = "clubops-test-setup-code";

/** The header the setup POSTs require (lib/setup/setup-code.ts). */
export const SETUP_CODE_HEADERS = { "setup-code": TEST_SETUP_CODE } as const;
