/**
 * The two schemes of the static copy as custom properties: dark like the app by default, light when the system asks
 * for it – unless a choice is stored. public-entry.ts applies a stored choice (the app's colour toggle, or the copy's
 * own) as Mantine does, on `<html data-mantine-color-scheme>`, and then the attribute decides, not the media query.
 * Header colours are the app's (app/layout/app-layout.module.css with the theme's and Mantine's variables).
 */
const lightScheme =
  '--pp-bg:#fff;--pp-tx:#000;--pp-h:#000;--pp-bd:#dee2e6;--pp-card:#fff;--pp-note:#fff9db;--pp-a:#b31217;--pp-code:#f1f3f5;--pp-dim:#555;--pp-tint:#ffeaea;--pp-tint-tx:#9d0312;--pp-in-bd:#ced4da;--pp-ring:#b31217;--pp-ok:#ebfbee;--pp-brand:#c81a1b;--pp-hover:#f1f3f5;--pp-act-bg:#fdd4d4;--pp-act:color-mix(in srgb,#9d0312,black 30%);--pp-tool:color-mix(in srgb,#212529,black 30%);--pp-tool-hover:#e9ecef;--pp-burger:#000;--pp-sun:none;--pp-moon:block';

/**
 * Class-based styles of the static copy, all scoped to its `.pp` wrapper: the block stays in the head after React has
 * replaced the copy and must not touch the app. The header repeats the app's signed-out header (app-layout.tsx) to
 * the pixel – 60 px bar, brand, links, colour toggle, on phones the menu button – so loading the app changes nothing;
 * e2e/specs/start-header.spec.ts compares the two.
 */
export const prerenderCss = `
body{margin:0}
:root[data-mantine-color-scheme=light]{background:#fff}
:root[data-mantine-color-scheme=dark]{background:#242424}
.pp{--pp-bg:#242424;--pp-tx:#c9c9c9;--pp-h:#fff;--pp-bd:#424242;--pp-card:#2e2e2e;--pp-note:#3b3523;--pp-a:#ffa8a8;--pp-code:#3b3b3b;--pp-dim:#b8b8b8;--pp-tint:#4a2324;--pp-tint-tx:#ffc9c9;--pp-in-bd:#424242;--pp-ring:#ff8787;--pp-ok:#1f3a2a;--pp-brand:#ec7777;--pp-hover:#3b3b3b;--pp-act-bg:#4f0209;--pp-act:#ec7777;--pp-tool:#dee2e6;--pp-tool-hover:#171a1d;--pp-burger:#fff;--pp-sun:block;--pp-moon:none}
:root[data-mantine-color-scheme=light] .pp{${lightScheme}}
@media (prefers-color-scheme:light){:root:not([data-mantine-color-scheme]) .pp{${lightScheme}}}
.pp{min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.55;font-size:16px;background:var(--pp-bg);color:var(--pp-tx);-webkit-font-smoothing:antialiased}
.pp-header{position:sticky;top:0;z-index:100;background:var(--pp-bg);border-bottom:1px solid var(--pp-bd)}
.pp-bar,.pp-tools,.pp-nav,.pp .pp-brand{display:flex;align-items:center}
.pp-bar{box-sizing:border-box;height:60px;max-width:1140px;margin:0 auto;padding:0 16px;justify-content:space-between;gap:16px}
.pp-tools,.pp-nav{gap:4px}
.pp .pp-brand{gap:8px;min-height:44px;color:var(--pp-brand);text-decoration:none;font-size:18px;font-weight:800;line-height:1.6}
.pp .pp-navlink{display:flex;align-items:center;box-sizing:border-box;min-height:44px;padding:10px 14px;border-radius:8px;color:var(--pp-tx);font-size:14px;font-weight:500;text-decoration:none}
.pp .pp-navlink:hover{background:var(--pp-hover)}
.pp .pp-navlink[aria-current=page]{background:var(--pp-act-bg);color:var(--pp-act)}
.pp-menu{display:flex;flex-direction:column;padding:4px 12px 12px;border-top:1px solid var(--pp-bd)}
.pp .pp-menu .pp-navlink{padding:14px;font-size:16px}
.pp-menu[hidden]{display:none}
.pp-toggle,.pp-burger{box-sizing:border-box;margin:0;background:none;cursor:pointer}
.pp-toggle{display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;padding:0;border:1px solid transparent;border-radius:8px;color:var(--pp-tool)}
@media (hover:hover){.pp-toggle:hover{background:var(--pp-tool-hover)}}
.pp-sun{display:var(--pp-sun)}
.pp-moon{display:var(--pp-moon)}
.pp-burger{display:none;width:44px;height:44px;padding:5px;border:0;color:inherit}
.pp-burger span,.pp-burger span:before,.pp-burger span:after{display:block;width:24px;height:2px;background:var(--pp-burger)}
.pp-burger span{position:relative}
.pp-burger span:before,.pp-burger span:after{content:"";position:absolute;left:0}
.pp-burger span:before{top:-8px}
.pp-burger span:after{top:8px}
.pp-burger[aria-expanded=true] span{background:none}
.pp-burger[aria-expanded=true] span:before{transform:translateY(8px) rotate(45deg)}
.pp-burger[aria-expanded=true] span:after{transform:translateY(-8px) rotate(-45deg)}
@media (prefers-reduced-motion:no-preference){.pp-burger[data-animate] span,.pp-burger[data-animate] span:before,.pp-burger[data-animate] span:after{transition:background-color .3s,transform .3s}}
@media (max-width:47.99em){.pp-nav{display:none}.pp-burger{display:block}}
@media (min-width:48em){.pp-menu{display:none}}
.pp .pp-header :focus-visible{outline:2px solid #c81a1b;outline-offset:2px}
.pp-main{max-width:1140px;margin:0 auto;padding:16px}
.pp-page{max-width:820px}
.pp-grid{display:grid;gap:32px;align-items:start}
@media (min-width:62em){.pp-grid{grid-template-columns:1fr 1fr}}
.pp h1,.pp h2{font-weight:700;line-height:1.3;margin:0 0 16px;color:var(--pp-h)}
.pp h1,.pp .pp-h1{font-size:34px}
.pp h2,.pp .pp-h2{font-size:26px}
.pp .pp-card h2{font-size:22px;margin-bottom:12px}
.pp p{margin:0 0 16px}
.pp .pp-line{margin:0}
.pp-card{border:1px solid var(--pp-bd);border-radius:8px;padding:20px;background:var(--pp-card);margin:0 0 24px}
.pp-card>:last-child{margin-bottom:0}
.pp-note{background:var(--pp-note);border-radius:8px;padding:12px 16px;margin-bottom:12px}
.pp .pp-note p{margin:0}
.pp ul,.pp ol{margin:0 0 16px;padding-left:24px}
.pp li{margin-bottom:8px}
.pp a{color:var(--pp-a)}
.pp code{font-family:ui-monospace,monospace;font-size:14px;background:var(--pp-code);padding:1px 4px;border-radius:4px}
.pp-dimmed{color:var(--pp-dim)}
.pp-small{font-size:14px}
.pp-actions{display:flex;gap:16px;flex-wrap:wrap}
.pp .pp-button{display:inline-flex;align-items:center;min-height:44px;padding:0 18px;border-radius:8px;font-weight:600;text-decoration:none;background:#c81a1b;color:#fff}
.pp .pp-light{background:var(--pp-tint);color:var(--pp-tint-tx)}
.pp .pp-default{background:var(--pp-card);color:var(--pp-h);border:1px solid var(--pp-bd)}
.pp button.pp-button{border:0;font:inherit;font-weight:600;cursor:pointer}
.pp button.pp-default{border:1px solid var(--pp-bd)}
.pp button:disabled{cursor:default}
.pp button[aria-busy=true]{opacity:.7}
.pp button:focus-visible,.pp a:focus-visible{outline:2px solid var(--pp-ring);outline-offset:2px}
.pp-form{display:flex;flex-direction:column;gap:12px}
.pp-field label{display:block;font-size:14px;font-weight:500;margin-bottom:4px;color:inherit}
.pp-required{color:var(--pp-ring)}
.pp-input{box-sizing:border-box;width:100%;min-height:44px;padding:0 12px;font:inherit;border-radius:8px;border:1px solid var(--pp-in-bd);background:var(--pp-card);color:var(--pp-h)}
.pp-input:focus,.pp-input:focus-visible{outline:2px solid var(--pp-ring);outline-offset:2px}
.pp-input[aria-invalid=true]{border-color:var(--pp-ring)}
.pp .pp-error{color:var(--pp-a);font-size:14px;margin:4px 0 0}
.pp-alert{border-radius:8px;padding:12px 16px;margin-bottom:12px;color:var(--pp-h)}
.pp-alert-error{background:var(--pp-tint)}
.pp-alert-success{background:var(--pp-ok)}
.pp-form-actions{display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap;gap:8px;margin-top:4px}
.pp-form-actions .pp-actions{gap:8px}
.pp-form-actions .pp-button{padding:0 14px}
.pp .pp-link{background:none;border:0;padding:0 4px;min-height:44px;font:inherit;font-size:14px;color:var(--pp-a);text-decoration:underline;cursor:pointer}
`
  .trim()
  .replace(/\n/g, '');

/**
 * Without JavaScript the colour toggle and the menu button cannot work: they give way, and on phones the stacked
 * navigation stays open (in a `<noscript>` of the head, so it needs the style nonce too).
 */
export const prerenderNoScriptCss =
  '.pp .pp-toggle,.pp .pp-burger{display:none}@media (max-width:47.99em){.pp .pp-menu[hidden]{display:flex}}';
