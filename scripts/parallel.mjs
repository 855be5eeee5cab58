#!/usr/bin/env node
// Runs the npm scripts named on the command line side by side (the type check and lint are
// single-threaded; on two cores together they take about the time of the longer one). Each
// script's output is printed whole when it ends, so two logs never interleave; the exit code
// is the first failure's, else 0.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const status = code ?? (signal ? 1 : 0);
        process.stdout.write(`\n> npm run ${script} (${seconds} s, ${status === 0 ? 'passed' : `failed: ${signal ?? `exit ${code}`}`})\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(status);
      });
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
