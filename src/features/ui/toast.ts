/**
 * Toasts (spec 8: red, about 4 s, for background errors; green for success).
 * sonner is not part of any page's first load: the first toast asks the root
 * layout to mount the lazily loaded host, waits for it, then shows itself.
 */
const TOAST_MS = 4000;

type Listener = () => void;
let hostWanted = false;
const listeners = new Set<Listener>();
let markReady: () => void = () => {};
const hostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** For the root layout: has a toast asked for the host yet? */
export function subscribeToastHost(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function toastHostWanted(): boolean {
  return hostWanted;
}

/** Called once by the host when sonner's <Toaster> is mounted. */
export function toasterMounted(): void {
  markReady();
}

async function sonner() {
  if (!hostWanted) {
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
  await hostReady;
  return import('sonner');
}

/** `id` collapses repeats of the same event (several calls failing at once) into one toast. */
export function showErrorToast(text: string, id?: string): void {
  void sonner().then(({ toast }) => toast.error(text, { duration: TOAST_MS, id }));
}

/** `id`: a later toast with the same id takes this one's place (one event told by two screens). */
export function showSuccessToast(text: string, id?: string): void {
  void sonner().then(({ toast }) => toast.success(text, { duration: TOAST_MS, id }));
}
