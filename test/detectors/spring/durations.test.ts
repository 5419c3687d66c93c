/** Spring Boot Duration properties (DurationStyle): `wait-duration`, `firstBackoff` (reference §3.1, §3.3). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { springDurationSeconds } from "../../../server/src/detectors/spring/durations";

const cases: Array<[text: string, seconds: number | null]> = [
  ["500ms", 0.5],
  ["1s", 1],
  ["2m", 120],
  ["1h", 3600],
  ["1d", 86400],
  ["250", 0.25], // no unit: milliseconds
  [" 10MS ", 0.01],
  ["PT0.5S", 0.5],
  ["pt1m30s", 90],
  ["P1DT2H", 93600],
  ["-PT1S", -1],
  ["0.5s", null], // the simple form takes integers only
  ["1 s", null],
  ["PT", null],
  ["P1H", null], // hours belong after T
  ["fast", null],
  ["", null],
];
for (const [text, seconds] of cases) test(`${JSON.stringify(text)} → ${seconds}`, () => assert.equal(springDurationSeconds(text), seconds));
