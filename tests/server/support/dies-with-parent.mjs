// Preloaded (--import) into every process a server test starts through child-processes.ts: when the test's
// process goes away, however it ends (a SIGKILL included: the IPC channel's socket closes with it), this
// process and its process group end too. The channel is unref'd, so it never keeps the process alive itself.
if (process.channel !== undefined) {
  process.channel.unref();
  process.once('disconnect', () => {
    try {
      // Started detached, the process leads its own group: everything it started goes with it.
      process.kill(-process.pid, 'SIGKILL');
    } catch {
      process.kill(process.pid, 'SIGKILL');
    }
  });
}
