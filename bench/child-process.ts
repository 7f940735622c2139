// A benchmark runs its parts (the API, a hello-world, the load) each in its own process: the file
// forks itself with arguments, and the child says it is ready with its first message.
import { fork, type ChildProcess } from 'node:child_process';

/** Forks `file` (a benchmark's own `__filename`) with `args`; `ready` is the child's first message. */
export function startChild<T>(file: string, args: string[], execArgv: string[] = []): { child: ChildProcess; ready: Promise<T> } {
  const child = fork(file, args, { execArgv: ['--import', 'tsx', ...execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before it was ready`)));
  });
  return { child, ready };
}

/** Asks a child to end (it exits when its channel closes) and kills it after 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
