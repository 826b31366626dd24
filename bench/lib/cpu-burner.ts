/**
 * One core kept busy for the whole run (issue 23: every budget must hold "in a run with one core
 * kept busy by a CPU-burning process"), which is what a slow hour of this machine, or a slower
 * machine, looks like. A child process of its own spinning at normal priority, so the
 * scheduler shares the cores between it and the server as it would with any neighbour.
 */
import { spawn } from 'node:child_process';

export function startCpuBurner(): { pid: number; stop(): void } {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  // The bench stopping for any reason must not leave a core burning.
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  return {
    pid: child.pid!,
    stop() {
      process.off('exit', stop);
      stop();
    },
  };
}
