import type { FoundPlace, PlacedLocation, Severity } from './failure-places.js';

const MAX_LOCATIONS = 100;

/** The places a log named, each once, at most MAX_LOCATIONS: memory stays bounded whatever the log. */
export interface PlaceCollector {
  /** `message`: the failure's, for a place whose own line said none (a frame a trace held until its end). */
  add(
    found: readonly FoundPlace[],
    at: number,
    step: number,
    severity: Severity,
    message?: string | null,
  ): void;
  all(): PlacedLocation[];
}

/** `failedSteps`: the CI steps that failed so far; at the cap, a place of a green step makes room. */
export function createPlaceCollector(failedSteps: ReadonlySet<number>): PlaceCollector {
  const places = new Map<string, PlacedLocation>();
  /**
   * The step at which a full collector last had no green step's place to give up: none can appear while the
   * step stays (the places do not change, and failed steps only grow), so the walk is not repeated.
   */
  let noneToEvictAt = -1;
  const evictGreenStepPlace = (step: number): void => {
    if (step === noneToEvictAt) return;
    for (const [key, loc] of places) {
      if (loc.step !== step && !failedSteps.has(loc.step)) {
        places.delete(key);
        return;
      }
    }
    noneToEvictAt = step;
  };
  return {
    add(found, at, step, severity, message = null) {
      for (const place of found) {
        // Most places of a long log were named before: the key first, the copy only for a new one.
        const key = `${place.file}:${place.line}:${place.column ?? ''}`;
        if (places.has(key)) continue;
        if (places.size >= MAX_LOCATIONS) evictGreenStepPlace(step);
        if (places.size >= MAX_LOCATIONS) continue;
        places.set(key, {
          file: place.file,
          line: place.line,
          column: place.column,
          at,
          step,
          severity,
          message: place.message ?? message,
          aside: place.aside === true,
          unlined: place.unlined === true,
        });
      }
    },
    all: () => [...places.values()],
  };
}
