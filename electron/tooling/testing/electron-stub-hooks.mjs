// Module hooks that hand the bundled main process electron-stub.mjs wherever it imports `electron`.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron')
    return { url: new URL('./electron-stub.mjs', import.meta.url).href, shortCircuit: true };
  return nextResolve(specifier, context);
}
