import type { Location } from '../diagnosis.js';
import type { PlacedLocation, Severity } from './failure-places.js';

const MAX_LOCATIONS = 100;

/** The places a log named, each once, at most MAX_LOCATIONS: memory stays bounded whatever the log. */
export interface PlaceCollector {
  add(found: readonly Location[], at: number, step: number, severity: Severity): void;
  all(): PlacedLocation[];
}

/** `failedSteps`: the CI steps that failed so far; at the cap, a place of a green step makes room. */
export function createPlaceCollector(failedSteps: ReadonlySet<number>): PlaceCollector {
  const places = new Map<string, PlacedLocation>();
  const evictGreenStepPlace = (step: number): void => {
    for (const [key, loc] of places) {
      if (loc.step !== step && !failedSteps.has(loc.step)) {
        places.delete(key);
        return;
      }
    }
  };
  return {
    add(found, at, step, severity) {
      for (const loc of found) {
        const key = `${loc.file}:${loc.line}:${loc.column ?? ''}`;
        if (places.has(key)) continue;
        if (places.size >= MAX_LOCATIONS) evictGreenStepPlace(step);
        if (places.size < MAX_LOCATIONS) places.set(key, { ...loc, at, step, severity });
      }
    },
    all: () => [...places.values()],
  };
}
