import { serveJobs } from '../../lib/worker-jobs.js';
import { parseBankFile } from './parse-file.js';
import type { ReadOptions } from './parsed-file.js';

// The worker thread that reads bank files (read-bank-file.ts, docs/import.md#reading): every
// reader runs here, so however long a file takes to read, the request thread keeps answering.
serveJobs((bytes, options: ReadOptions) => parseBankFile(bytes, options));
