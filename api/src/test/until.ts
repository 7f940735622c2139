// Test support (not a test): waiting on a condition without a fixed sleep.

/** Waits until `check` holds, a few milliseconds at a time; throws after `limitMs` (a test waiting on what never comes fails, it does not hang). */
export async function until(check: () => boolean, limitMs = 10_000): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > limitMs) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
