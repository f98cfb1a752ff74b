// Binary modules: wrangler bundles "*.bin" imports as Data modules (an ArrayBuffer).
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
