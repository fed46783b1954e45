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
