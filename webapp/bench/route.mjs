/**
 * The day's route bench: the route wasm (webapp/src/wasm/route, built by `just wasm`) in Node's
 * V8, the same engine and the same wasm as Chromium's (a fair proxy for the browser: no DOM is
 * involved; the e2e journey runs the same wasm in Chromium).
 *
 * For 25, 50 and 100 stops spread at random (seeded) over Piracicaba, SP (within about 9 km of
 * the centre), from a farm at the city's edge, back to it and not: the planned route's length
 * against a plain nearest-neighbour tour's, and the time per solve (median and slowest of
 * CASES days, each solved RUNS times after a warm-up), as wall-clock time and as the process's CPU
 * time (what a busy machine's wall clock inflates). Also the route wasm's size.
 *
 * Usage: just wasm && cd webapp && node bench/route.mjs   (CASES=20 RUNS=5 by default)
 */
/* global console, process, performance, WebAssembly -- eslint.config.js gives Node and browser globals to e2e/, not to bench/ */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'wasm', 'route');
const glue = await import(join(dir, 'wasm_route_bg.js'));
const bytes = readFileSync(join(dir, 'wasm_route_bg.wasm'));
const { instance } = await WebAssembly.instantiate(bytes, { './wasm_route_bg.js': glue });
glue.__wbg_set_wasm(instance.exports);
instance.exports.__wbindgen_start?.();

const CASES = Number(process.env.CASES ?? 20);
const RUNS = Number(process.env.RUNS ?? 5);
const CENTRE = { latitude: -22.7253, longitude: -47.6492 };
const FARM = { latitude: -22.79, longitude: -47.69 };

// mulberry32: the same days on every run.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (x) => `${(x * 100).toFixed(1)} %`;

console.log(`route wasm: ${bytes.length} B, ${gzipSync(bytes, { level: 9 }).length} B gzipped`);
console.log(`Node ${process.version}, ${CASES} days per size, ${RUNS} timed solves each\n`);
console.log('| stops | back to the farm | planned vs nearest neighbour (mean; best–worst) | km planned / NN (median day) | ms per solve, wall (median; slowest) | ms per solve, CPU (median; slowest) |');
console.log('|---:|---|---|---|---|---|');
for (const n of [25, 50, 100]) {
  for (const voltar of [true, false]) {
    const random = rng(n * 1000 + (voltar ? 1 : 0));
    const gains = [];
    const times = [];
    const cpuTimes = [];
    const kms = [];
    for (let c = 0; c < CASES; c++) {
      const paradas = Array.from({ length: n }, () => {
        // Uniform over a disc of radius 0.08° (about 9 km).
        const r = 0.08 * Math.sqrt(random());
        const a = 2 * Math.PI * random();
        return { latitude: CENTRE.latitude + r * Math.sin(a), longitude: CENTRE.longitude + r * Math.cos(a) };
      });
      const input = { origem: FARM, paradas, voltar };
      const nn = glue.route_nearest_neighbour(input);
      const planned = glue.route_plan(input); // warm-up
      if (planned.ordem.length !== n) throw new Error('a stop was lost');
      for (let r = 0; r < RUNS; r++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        glue.route_plan(input);
        const cpu = process.cpuUsage(c0);
        times.push(performance.now() - t0);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
      }
      gains.push(1 - planned.distancia_km / nn.distancia_km);
      kms.push([planned.distancia_km, nn.distancia_km]);
    }
    const mean = gains.reduce((a, b) => a + b, 0) / gains.length;
    const mid = kms.sort((a, b) => a[0] - b[0])[Math.floor(kms.length / 2)];
    console.log(
      `| ${n} | ${voltar ? 'yes' : 'no'} | ${pct(mean)} shorter; ${pct(Math.max(...gains))} – ${pct(Math.min(...gains))} | ${mid[0].toFixed(1)} / ${mid[1].toFixed(1)} | ${median(times).toFixed(1)}; ${Math.max(...times).toFixed(1)} | ${median(cpuTimes).toFixed(1)}; ${Math.max(...cpuTimes).toFixed(1)} |`,
    );
  }
}
