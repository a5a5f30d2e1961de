import { z } from 'zod';
import { envelope } from './common.js';

export const healthOutput = envelope(
  z.object({ status: z.enum(['ok']), database: z.enum(['ok']) }),
);
