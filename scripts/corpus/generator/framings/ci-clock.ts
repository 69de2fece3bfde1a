// The clock the written CI framings stamp their lines with, drawn from the case's PythonRandom exactly
// as make/compose_ci.py drew it, so a framing composed again is byte-for-byte the committed one.
import type { PythonRandom } from '../python-random.js';

/** A clock somewhere in late 2026; `tick()` moves it 0.5–50 ms on, `tick(s)` by `s` seconds. */
export function startClock(rnd: PythonRandom): (step?: number) => number {
  let t = 1_795_000_000.0 + rnd.randint(0, 400_000);
  return (step?: number) => {
    t += step ?? rnd.uniform(0.0005, 0.05);
    return t;
  };
}

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** `2026-11-22T04:01:02.1234567Z`: Python's `datetime.fromtimestamp(ts, utc)` and 7 digits of fraction. */
export function isoTimestamp(ts: number): string {
  let seconds = Math.floor(ts);
  // fromtimestamp rounds to microseconds (half to even), which can carry into the next second.
  if (roundHalfEven((ts - seconds) * 1e6) >= 1e6) seconds += 1;
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(Math.trunc((ts % 1) * 1e7)).padStart(7, '0')}Z`;
}

/** Travis's `travis_time:start/end` pair around one command. */
export function travisTimes(rnd: PythonRandom, tick: (step?: number) => number): [string, string] {
  const tid = rnd.getrandbits(32).toString(16).padStart(8, '0');
  const s = BigInt(Math.trunc(tick(0.2) * 1e9));
  const e = BigInt(Math.trunc(tick(rnd.uniform(0.5, 30)) * 1e9));
  return [
    `travis_time:start:${tid}\r\x1b[0K`,
    `travis_time:end:${tid}:start=${s},finish=${e},duration=${e - s}\r\x1b[0K`,
  ];
}
