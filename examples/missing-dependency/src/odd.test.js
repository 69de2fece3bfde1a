import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isOddNumber } from './odd.js';

test('isOddNumber', () => {
  assert.equal(isOddNumber(3), true);
  assert.equal(isOddNumber('x'), false);
});
