import { describe, expect, it } from 'vitest';
import { caratsFromMg, mgFromCarats, mgFromRatti, rattiFromMg } from '../src/index.ts';

/** The stone form takes a weight in carats, ratti or mg and keeps whole mg: each unit back and forth. */
describe('weights in the seller\'s unit', () => {
  it('turns carats into whole mg (1 ct = 200 mg), floating point aside', () => {
    expect(mgFromCarats(5.5)).toBe(1100);
    expect(mgFromCarats(1.1)).toBe(220); // 1.1 * 200 is 220.00000000000003
    expect(mgFromCarats(3.643)).toBe(729); // 728.6 mg, to the nearest mg
  });

  it('turns the store\'s ratti into whole mg', () => {
    expect(mgFromRatti(4, 182)).toBe(728);
    expect(mgFromRatti(5.25, 182)).toBe(956); // 955.5, halves up
    expect(mgFromRatti(4, 121.5)).toBe(486);
  });

  it('gives back the figure typed, as the form then shows it, for every weight typed to two decimals', () => {
    for (let hundredths = 1; hundredths <= 3000; hundredths++) {
      const typed = hundredths / 100;
      expect(caratsFromMg(mgFromCarats(typed))).toBe(typed);
      expect(rattiFromMg(mgFromRatti(typed, 182), 182)).toBe(typed);
    }
  });
});
