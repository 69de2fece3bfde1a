// An example with mechanical failures only: eslint --fix and prettier --write repair all of them.
export function total(items) {
  var sum = 0;
  for (let item of items) sum += item.price * item.quantity;
  return sum;
}

export function isEmpty(items) { return items.length===0 }
