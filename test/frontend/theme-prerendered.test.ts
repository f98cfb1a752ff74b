// Decision 168: on a pre-rendered page the theme's global CSS (preflight, global styles, every
// token's CSS variable) is in <head> already, from the build; ChakraProvider then gets a system
// with no global CSS to build and insert again. Everywhere else it gets the whole system.
import { afterEach, describe, expect, it } from "vitest";
import { chakraSystem, system } from "../../frontend/app/theme";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("chakraSystem", () => {
  it("on a pre-rendered page: no global CSS, the same tokens, recipes and css()", () => {
    document.body.innerHTML = '<div id="root" data-prerendered="/dashboard"></div>';
    const s = chakraSystem();
    expect(s).not.toBe(system);
    expect(s._global).toEqual([]);
    expect(s.token("colors.brand.600")).toBe(system.token("colors.brand.600"));
    expect(s.token("colors.brand.600")).toBe("#4f46e5");
    expect(s.css({ color: "brand.solid" })).toEqual(system.css({ color: "brand.solid" }));
    expect(s.isRecipe("button")).toBe(true);
    expect(s.getRecipeFn("button")).toBe(system.getRecipeFn("button"));
    expect(system._global.length).toBeGreaterThan(0);
  });

  it("on the SPA shell's empty #root (every other path) and without a document's #root: the whole system", () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(chakraSystem()).toBe(system);
    document.body.innerHTML = "";
    expect(chakraSystem()).toBe(system);
  });
});
