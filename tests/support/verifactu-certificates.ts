import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeTestCertificates } from "./test-certificates";

/**
 * Import it right after isolated-env, before any module reads the configuration: makes a test CA and certificates
 * (tests/support/test-certificates.ts) and sets the club's certificate, so this file's invoices are issued in
 * VERI*FACTU mode (their records are to be sent).
 */
export const certificateDirectory = await mkdtemp(path.join(tmpdir(), "aeat-certificates-"));
export const certificates = await makeTestCertificates(certificateDirectory);
process.env.VERIFACTU_CERTIFICATE_FILE = certificates.client.pfxFile;
process.env.VERIFACTU_CERTIFICATE_PASSWORD = certificates.client.password;
