// The drawing data of single tabler icons, which prerender.ts turns into inline SVG for the static pages: each icon
// module of @tabler/icons-react exports the nodes its React component renders, the package ships no types for them.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  export const __iconNode: readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[];
}

declare module '@tabler/icons-react/dist/esm/defaultAttributes.mjs' {
  const defaultAttributes: {
    outline: Readonly<Record<string, string | number>>;
    filled: Readonly<Record<string, string | number>>;
  };
  export default defaultAttributes;
}
