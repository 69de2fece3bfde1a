import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isEmpty, total } from './cart.js';

test('total multiplies price by quantity', () => {
  assert.equal(total([{ price: 2, quantity: 3 }]), 6);
});

test('isEmpty', () => {
  assert.equal(isEmpty([]), true);
});
