// Long work on the main thread runs in slices (DESIGN.md §3, event-loop
// budget): between two slices it gives way to every request and timer already
// waiting. `await` alone does not: a resolved promise continues in the same
// turn of the event loop, ahead of all waiting I/O.
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
