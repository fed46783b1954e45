import { spawn, type ChildProcess } from "node:child_process";

export interface Managed {
  name: string;
  child: ChildProcess;
  exited: Promise<number>;
}

/** Spawns a child with inherited output, prefixed nowhere: the children log JSON lines themselves. */
export function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Managed {
  const child = spawn(command, args, { stdio: "inherit", env });
  const exited = new Promise<number>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
  return { name, child, exited };
}

/** Asks each child to stop (SIGTERM), and kills those still alive after `graceMs`. */
export async function stopAll(children: Managed[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    children.map(async ({ child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}

export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const { exited } = run(command, command, args, env);
  return exited.then((code) => {
    if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with code ${code}`);
  });
}

/**
 * Runs a command with its output held back and printed whole when it ends, so that commands run side by side
 * (`npm test`'s static checks) do not interleave their messages.
 */
export function runToEndQuietly(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}`));
    });
  });
}
