#!/usr/bin/env node
// Where a browser run's CPU goes (issue 61, CI time): runs a command (the browser suite, usually), samples every
// second the CPU time of each process below it, and of the PostgreSQL backends serving its throw-away databases
// (named after their server's pid: tests/e2e/support/throwaway-database.ts), then prints core-seconds by kind of
// process. Linux only (/proc). Usage: node scripts/e2e-cpu.mjs <out.json> -- <command> [args…]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const separator = process.argv.indexOf('--');
const out = process.argv[2];
const command = process.argv.slice(separator + 1);
if (separator < 0 || out === undefined || command.length === 0) {
  console.error('usage: node scripts/e2e-cpu.mjs <out.json> -- <command> [args…]');
  process.exit(2);
}
const ticksPerSecond = 100; // getconf CLK_TCK on Linux

function kindOf(args) {
  if (args.includes('start-server.ts')) return 'e2e server (shared)';
  if (args.includes('clocked-server.ts')) return 'clocked servers';
  if (/^postgres: /.test(args)) return 'postgres backends';
  if (/chrom/i.test(args.split(' ')[0] ?? '')) return 'chromium';
  if (args.includes('playwright') && args.includes('worker')) return 'playwright workers';
  if (args.includes('playwright')) return 'playwright runner';
  return 'other';
}

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), start: fields[19] };
  } catch {
    return null;
  }
}
function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

const seen = new Map(); // `${pid}/${start}` → { pid, kind, args, ticks, first, last }
const serverPids = new Set();
const timeline = [];
const startedAt = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });

function sample() {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s !== null) stats.set(Number(name), s);
  }
  const mine = new Set([child.pid]);
  // Descendants: parents are listed before children only by chance, so repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const [pid, s] of stats) {
      if (mine.has(pid) || !mine.has(s.ppid)) continue;
      mine.add(pid);
      added = true;
    }
  }
  const now = (Date.now() - startedAt) / 1000;
  const byKind = {};
  for (const [pid, s] of stats) {
    const key = `${pid}/${s.start}`;
    let entry = seen.get(key);
    if (entry === undefined) {
      if (!mine.has(pid) && serverPids.size === 0) continue;
      const args = cmdline(pid);
      const pg = /strikedesk_e2e_\w+?_(\d+)_/.exec(args);
      if (!mine.has(pid) && !(pg !== null && serverPids.has(Number(pg[1])))) continue;
      entry = { pid, kind: kindOf(args), args: args.slice(0, 160), ticks: 0, first: now, last: now };
      if (/start-server\.ts|clocked-server\.ts/.test(args)) serverPids.add(pid);
      seen.set(key, entry);
    }
    const delta = s.ticks - entry.ticks;
    entry.ticks += delta;
    entry.last = now;
    byKind[entry.kind] = (byKind[entry.kind] ?? 0) + delta / ticksPerSecond;
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  timeline.push({ t: Math.round(now), load: Number(load), ...Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, Math.round(v * 100) / 100])) });
}

const timer = setInterval(sample, 1000);
child.on('exit', (code) => {
  clearInterval(timer);
  sample();
  const totals = {};
  for (const entry of seen.values()) totals[entry.kind] = (totals[entry.kind] ?? 0) + entry.ticks / ticksPerSecond;
  const wall = (Date.now() - startedAt) / 1000;
  const cpu = Object.values(totals).reduce((a, b) => a + b, 0);
  const biggest = [...seen.values()].sort((a, b) => b.ticks - a.ticks).slice(0, 15).map((e) => ({ kind: e.kind, cpu_s: e.ticks / ticksPerSecond, lived_s: Math.round(e.last - e.first), args: e.args }));
  writeFileSync(out, JSON.stringify({ command: command.join(' '), exit: code, wall_s: wall, cpu_s: cpu, totals, biggest, timeline }, null, 1));
  console.log(`\n== CPU by kind of process (${wall.toFixed(0)} s wall, ${cpu.toFixed(0)} core-seconds):`);
  for (const [kind, seconds] of Object.entries(totals).sort((a, b) => b[1] - a[1])) console.log(`${kind.padEnd(24)} ${seconds.toFixed(1).padStart(8)} s  ${((100 * seconds) / cpu).toFixed(0).padStart(3)} %`);
  process.exit(code ?? 1);
});
