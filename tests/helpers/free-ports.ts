import { createServer } from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive free ports on 127.0.0.1 (the Auth emulator uses port, port+1, port+2). */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let free = true;
    for (let i = 0; i < count && free; i++) free = await isFree(base + i);
    if (free) return base;
  }
  throw new Error('No block of free ports found on 127.0.0.1');
}
