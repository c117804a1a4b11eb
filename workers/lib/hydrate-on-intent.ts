/**
 * Hydration on intent for the pages the edge keeps (decisions/0040). An anonymous reader gets
 * the server's HTML, which works without JavaScript, and a small inline script; the application
 * (React, Remix and the page's modules, about 100 KB gz) loads at the reader's first sign of
 * intent: a key, a touch, a press, a focus, the pointer over a control, or a URL with a hash.
 *
 * Remix's own scripts stay in the document, made inert (`type="x-hydrate/…"`, preload links
 * `rel="x-modulepreload"`), so the markup React hydrates is the markup it rendered. The script
 * puts them back, in document order, when intent shows. A press on a button that needs the
 * application (a `type=button`, or one that posts) is held and pressed again once the page has
 * hydrated; if it never does (10 s), the press goes through as without JavaScript.
 */

export const INERT_CLASSIC = 'x-hydrate/classic'
export const INERT_MODULE = 'x-hydrate/module'
export const INERT_PRELOAD = 'x-modulepreload'
/** How long a held press waits for the application before it goes through without it. */
export const HOLD_LIMIT_MS = 10_000

// Plain ES5 in a string: the Worker's bundler renames and wraps functions, so `fn.toString()`
// would not be what the browser can run. Kept small: it is inline in every such page.
export const BOOTSTRAP = `(function(){
var d=document,r=d.documentElement,held=[],started=false,native=false;
d.currentScript&&d.currentScript.remove();
r.setAttribute('data-hydrate','on-intent');
var intent=['keydown','pointerdown','touchstart','focusin'];
function hydrated(){return r.hasAttribute('data-hydrated')}
function replay(){var list=held;held=[];list.forEach(function(f){f()})}
function start(){
if(started)return;started=true;
r.setAttribute('data-hydrate','loading');
intent.forEach(function(e){removeEventListener(e,start,true)});
d.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(l){l.rel='modulepreload'});
d.querySelectorAll('script[type^="x-hydrate/"]').forEach(function(old){
var s=d.createElement('script');
if(old.type==='${INERT_MODULE}')s.type='module';
s.nonce=old.nonce;s.textContent=old.textContent;
d.head.appendChild(s);s.remove()});
new MutationObserver(function(_,o){if(hydrated()){o.disconnect();replay()}}).observe(r,{attributes:true,attributeFilter:['data-hydrated']});
setTimeout(function(){if(!hydrated()){native=true;replay()}},${HOLD_LIMIT_MS});
}
intent.forEach(function(e){addEventListener(e,start,{capture:true,passive:true})});
addEventListener('mouseover',function(e){if(e.target.closest&&e.target.closest('button,input,select,textarea'))start()},{capture:true,passive:true});
if(location.hash.length>1)start();
function track(a){try{navigator.sendBeacon('/api/v2/eventos',new Blob([JSON.stringify({evento:a.getAttribute('data-track'),pagina:location.pathname+location.search,alvo:a.getAttribute('href')||undefined,props:{}})],{type:'application/json'}))}catch(x){}}
addEventListener('click',function(e){
if(hydrated()||native||!e.target.closest)return;
var t=e.target.closest('button,a[data-track]');
if(!t)return;
if(t.tagName==='A'){track(t);return}
if(t.type!=='button'&&!(t.form&&t.form.method==='post'))return;
e.preventDefault();e.stopImmediatePropagation();start();
held.push(function(){if(t.isConnected)t.click()});
},true);
addEventListener('submit',function(e){
var f=e.target;
if(hydrated()||native||f.method!=='post')return;
e.preventDefault();e.stopImmediatePropagation();start();
var by=e.submitter;
held.push(function(){if(f.isConnected)f.requestSubmit(by&&by.form===f?by:undefined)});
},true);
})()`

const FIRST_PRELOAD = /<link\b[^>]*\brel="modulepreload"/
const PRELOAD_REL = /(<link\b[^>]*\brel=")modulepreload"/g
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g

/**
 * The document with Remix's scripts made inert and the bootstrap at its very end; unchanged if
 * it has no Remix scripts (nothing to defer). Only scripts from the first module preload on are
 * touched, and only Remix's (the module that starts the app, and the classic ones that fill
 * `__remixContext`, some of which React streams after `</html>`): JSON-LD keeps its type and
 * React's own streaming scripts still run. The bootstrap comes last so that every inert script
 * is already in the document when it runs.
 */
export function deferHydration(html: string, nonce: string | undefined): string {
  const first = FIRST_PRELOAD.exec(html)
  if (!first) return html
  const tail = html
    .slice(first.index)
    .replace(PRELOAD_REL, `$1${INERT_PRELOAD}"`)
    .replace(SCRIPT, (whole, attrs: string, body: string) => {
      if (/\btype="module"/.test(attrs))
        return `<script${attrs.replace(/\btype="module"/, `type="${INERT_MODULE}"`)}>${body}</script>`
      if (!/\btype=/.test(attrs) && body.includes('__remixContext'))
        return `<script type="${INERT_CLASSIC}"${attrs}>${body}</script>`
      return whole
    })
  const nonceAttr = nonce ? ` nonce="${nonce}"` : ''
  return `${html.slice(0, first.index)}${tail}<script${nonceAttr}>${BOOTSTRAP}</script>`
}
