// wrangler bundles "*.ttf" imports as Data modules (an ArrayBuffer): wrangler.toml [[rules]].
declare module "*.ttf" {
  const data: ArrayBuffer;
  export default data;
}
