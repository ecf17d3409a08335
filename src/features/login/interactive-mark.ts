/**
 * Performance mark set when the login form first commits: from then on it
 * takes input. `npm run bench:bundle` counts the JS requested before it.
 */
export const LOGIN_INTERACTIVE_MARK = 'login-interactive';
