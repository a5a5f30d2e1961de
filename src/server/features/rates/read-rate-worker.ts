import { serveJobs } from '../../lib/worker-jobs.js';
import { readEcbRateFile } from './ecb-file.js';

// The worker thread that reads ECB rate files (read-rate-file.ts, docs/rates.md#ecb-files).
serveJobs((bytes) => readEcbRateFile(bytes));
