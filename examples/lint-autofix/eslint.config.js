export default [{ files: ['**/*.js'], rules: { 'prefer-const': 'error', 'no-var': 'error' } }];
