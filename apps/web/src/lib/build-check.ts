/** How often the app asks whether a new build was deployed (and on every return to the tab). */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

export const currentBuildId: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

/** The build id the server currently serves, or null when it cannot be asked (offline, dev server). */
export async function fetchServedBuildId(): Promise<string | null> {
  try {
    const response = await fetch('/build.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { build?: unknown };
    return typeof body.build === 'string' ? body.build : null;
  } catch {
    return null;
  }
}

/** Polls for a new build; calls `onNewBuild` once when the served build differs from the running one. */
export function watchForNewBuild(onNewBuild: (build: string) => void, intervalMs = BUILD_POLL_INTERVAL_MS): () => void {
  let announced = false;
  const check = async () => {
    if (announced) return;
    const served = await fetchServedBuildId();
    if (served && served !== currentBuildId) {
      announced = true;
      onNewBuild(served);
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  const timer = setInterval(() => void check(), intervalMs);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  void check();
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
