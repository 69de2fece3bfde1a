// Imports a package the manifest does not declare: closed-loop's dependency_check reads the module
// name from the error and installs it with the project's package manager.
import isNumber from 'is-number';

export function isOddNumber(value) {
  return isNumber(value) && Number(value) % 2 === 1;
}
