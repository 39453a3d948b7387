// s3rver ships no type declarations; this covers the part the embedded storage uses.
declare module "s3rver" {
  type S3rverOptions = { silent?: boolean; directory?: string };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** The request listener, for a server of one's own (s3rver's documented alias: getMiddleware). */
    callback(): (request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => void;
  }
}
