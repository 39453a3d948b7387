import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

export type TestCertificates = {
  /** The CA that signed the two below (PEM), to trust on both sides. */
  caFile: string;
  server: { keyFile: string; certFile: string };
  /** The club's certificate as the AEAT asks for it: a PKCS#12 file and its password. */
  client: { pfxFile: string; password: string };
  /** A client certificate no trusted CA signed. */
  stranger: { pfxFile: string; password: string };
};

const openssl = (cwd: string, ...args: string[]) => promisify(execFile)("openssl", args, { cwd });
const EC_KEY = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

/**
 * A throw-away CA, a server certificate for 127.0.0.1 and two client certificates (one signed by that CA, one
 * self-signed) in `directory`, made with the openssl command (EC keys: fast to make).
 */
export async function makeTestCertificates(directory: string): Promise<TestCertificates> {
  const password = "test-certificate-password";
  const selfSigned = (name: string, subject: string) =>
    openssl(
      directory,
      "req",
      "-x509",
      ...EC_KEY,
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.pem`,
      "-days",
      "2",
      "-subj",
      subject,
    );
  const signedByCa = async (name: string, subject: string, ...extra: string[]) => {
    await openssl(directory, "req", ...EC_KEY, "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", subject);
    await openssl(
      directory,
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      `${name}.pem`,
      "-days",
      "2",
      ...extra,
    );
  };
  const pkcs12 = (name: string) =>
    openssl(
      directory,
      "pkcs12",
      "-export",
      "-inkey",
      `${name}.key`,
      "-in",
      `${name}.pem`,
      "-out",
      `${name}.p12`,
      "-passout",
      `pass:${password}`,
    );
  await selfSigned("ca", "/CN=ClubOps test CA");
  await writeFile(path.join(directory, "server.ext"), "subjectAltName=IP:127.0.0.1\n");
  await signedByCa("server", "/CN=127.0.0.1", "-extfile", "server.ext");
  await signedByCa("client", "/CN=CLUB NAUTICO DE ALTEA/serialNumber=G28029643");
  await pkcs12("client");
  await selfSigned("stranger", "/CN=Somebody else");
  await pkcs12("stranger");
  const file = (name: string) => path.join(directory, name);
  return {
    caFile: file("ca.pem"),
    server: { keyFile: file("server.key"), certFile: file("server.pem") },
    client: { pfxFile: file("client.p12"), password },
    stranger: { pfxFile: file("stranger.p12"), password },
  };
}
