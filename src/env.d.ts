/// <reference types="astro/client" />

declare module 'virtual:mirror/render-input' {
  const input: import('./site/plan/render-input.ts').RenderInput;
  export default input;
}
