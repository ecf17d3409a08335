/**
 * Where the operator's token lives: sessionStorage under its own key, apart
 * from the member's (src/app/token-storage.ts). An operator's session lasts
 * 8 hours and opens operator routes only; keeping it to the tab means a
 * shared support desk forgets it when the browser closes, and signing in
 * here never signs a member out (or in). Storage can throw (private mode):
 * the token then lives in memory for the page's life.
 */
const OPS_TOKEN_KEY = 'ops-token';

let inMemory: string | null = null;

export function readOpsToken(): string | null {
  try {
    return sessionStorage.getItem(OPS_TOKEN_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

export function storeOpsToken(token: string): void {
  inMemory = token;
  try {
    sessionStorage.setItem(OPS_TOKEN_KEY, token);
  } catch {
    // storage blocked: the token stays in memory
  }
}

export function clearOpsToken(): void {
  inMemory = null;
  try {
    sessionStorage.removeItem(OPS_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}
