// The parts of @20minutes/s3rver (a maintained fork of s3rver, which ships no types) that tests use.
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    /** 0 for a free port. */
    port?: number;
    silent?: boolean;
    /** Where the objects are kept on disk. */
    directory?: string;
    resetOnClose?: boolean;
    /** Accept requests whose signature it computes differently (see decision 0043). */
    allowMismatchedSignatures?: boolean;
    /** Buckets created when the server starts. */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Set by run(). */
    httpServer?: Server;
  }
}
