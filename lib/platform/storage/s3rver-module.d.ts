// s3rver ships no type declarations; this covers the part the embedded storage uses.
declare module "s3rver" {
  type S3rverOptions = { address?: string; port?: number; silent?: boolean; directory?: string };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    httpServer?: import("node:http").Server;
    run(): Promise<import("node:net").AddressInfo>;
    close(): Promise<void>;
  }
}
