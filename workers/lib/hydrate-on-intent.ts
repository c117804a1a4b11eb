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

import { routes } from '../../app/api/routes'
import { HEADER_CHECK_INTERVAL_MS } from '../../app/lib/header-scroll'
import { HISTORY_KEY } from '../../app/lib/search-history'

export const INERT_CLASSIC = 'x-hydrate/classic'
export const INERT_MODULE = 'x-hydrate/module'
export const INERT_PRELOAD = 'x-modulepreload'
/** Typing in the search box starts the application after this pause (or its first suggestions). */
export const SEARCH_START_MS = 1500
/**
 * The login modal the bootstrap opened starts the application after this pause: loading it at the
 * press took the main thread from the modal's first frames (its focus, the first keys) on a slow
 * phone, and the server's form logs in without it (decisions/0095).
 */
export const MODAL_START_MS = 1500
/** How long a held press waits for the application before it goes through without it. */
export const HOLD_LIMIT_MS = 10_000

// Plain ES5 in a string: the Worker's bundler renames and wraps functions, so `fn.toString()`
// would not be what the browser can run. Kept small: it is inline in every such page. Raw, so
// that a regex's backslashes reach the browser as written.
//
// Besides starting the application, it does before it arrives what the spec makes happen without
// a press or needs no application (decisions/0056): the header hides on scroll down (spec §9, the
// rules of app/lib/header-scroll.ts), a long text offers its "Ver mais", the gazette list starts
// the application as its next page comes due, an empty search focuses its box, the search box
// suggests (one fetch, a plain listbox), and a gated form that only leads to the login page
// (`data-login-first="key=value"`, kept in sessionStorage for the return) goes there at once.
// A press that opens the login modal (`data-login-modal="key=record"`) opens the one the server
// drew, closed, at once, keeps the record for the return and starts the application once the
// dialog has been open a moment (MODAL_START_MS); the application takes the open dialog over.
// A press on a link or on such a form leaves the page: it is no intent to load the application,
// whose 20-odd requests would only slow the next page down. In the search box, which the bootstrap
// serves, the application starts once the first suggestions are shown, or after a pause in the
// typing, or at once for what only it does (the arrow keys, the history of an empty box): its
// loading would otherwise hold the first suggestions back.
export const BOOTSTRAP = String.raw`(function(){
var d=document,r=d.documentElement,held=[],started=false,native=false,box,sugT,sugN=0,soon;
d.currentScript&&d.currentScript.remove();
r.setAttribute('data-hydrate','on-intent');
var intent=['keydown','pointerdown','touchstart','focusin'];
function hydrated(){return r.hasAttribute('data-hydrated')}
function replay(){var list=held;held=[];list.forEach(function(f){f()})}
function start(){
if(started)return;started=true;
r.setAttribute('data-hydrate','loading');
intent.forEach(function(e){removeEventListener(e,onIntent,true)});
d.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(l){l.rel='modulepreload'});
d.querySelectorAll('script[type^="x-hydrate/"]').forEach(function(old){
var s=d.createElement('script');
if(old.type==='${INERT_MODULE}')s.type='module';
s.nonce=old.nonce;s.textContent=old.textContent;
d.head.appendChild(s);s.remove()});
new MutationObserver(function(_,o){if(hydrated()){o.disconnect();drop();replay()}}).observe(r,{attributes:true,attributeFilter:['data-hydrated']});
setTimeout(function(){if(!hydrated()){native=true;replay()}},${HOLD_LIMIT_MS});
}
function onIntent(e){
var t=e.target;if(!t.closest||t.closest('a[href],form[data-login-first] button,form[data-login-modal] button,form[data-login-plain]'))return;
if(t.name==='q'&&t.form&&t.form.hasAttribute('data-suggest')&&!/^(Arrow|Esc)/.test(e.key||'')&&(t.value||!hasHistory())){clearTimeout(soon);soon=setTimeout(start,${SEARCH_START_MS});return}
start()}
function hasHistory(){try{return!!localStorage.getItem('${HISTORY_KEY}')}catch(x){return false}}
intent.forEach(function(e){addEventListener(e,onIntent,{capture:true,passive:true})});
addEventListener('mouseover',function(e){var t=e.target;if(t.closest&&t.closest('button,input,select,textarea')&&!t.closest('form[data-login-first],form[data-login-modal],form[data-login-plain],form[data-suggest] input[name=q]'))start()},{capture:true,passive:true});
if(location.hash.length>1)start();
var h=d.querySelector('header.site-header'),hid=false,lastY=scrollY;
var tick=setInterval(function(){
if(!h||hydrated()){clearInterval(tick);return}
var y=scrollY,moved=Math.abs(y-lastY)>5,next=hid;
if(h.querySelector('details.header-menu[open],details.side-menu[open]')||h.contains(d.activeElement))next=false;
else if(moved)next=y>lastY?(y>65||hid):false;
if(moved||next!==hid)lastY=y;
if(next!==hid){hid=next;h.classList.toggle('is-hidden',hid);h.setAttribute('data-hidden',hid)}
},${HEADER_CHECK_INTERVAL_MS});
d.querySelectorAll('.collapsible__body.is-collapsed').forEach(function(b){
var t=b.scrollHeight>b.clientHeight+1&&b.parentNode.querySelector('button[hidden]');if(t)t.hidden=false});
addEventListener('scroll',function(){
var e=d.documentElement;
if(d.querySelector('[data-infinite]')&&scrollY>0.75*(e.scrollHeight-innerHeight-50))start()},{passive:true});
function norm(s){return s.normalize('NFD').replace(/[̀-ͯ]+/g,'').toLowerCase().replace(/\s+/g,' ').trim()}
function drop(){
clearTimeout(sugT);sugN++;if(box){box.remove();box=null}
d.querySelectorAll('form[data-suggest] input[aria-expanded="true"]').forEach(function(i){i.setAttribute('aria-expanded','false')})}
addEventListener('input',function(e){
var i=e.target,f=i.form;
if(hydrated()||i.name!=='q'||!f||!f.hasAttribute('data-suggest'))return;
drop();
var q=i.value,n=norm(q),c=f.querySelector('select'),my=sugN;
if(n.length<3||(c&&c.value!=='t'&&c.value!=='en'))return;
sugT=setTimeout(function(){
fetch(f.getAttribute('data-suggest'),{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({termo:q})}).then(function(x){return x.json()}).then(function(a){var list=a;
if(my!==sugN||hydrated()||!Array.isArray(list))return;
list=list.filter(function(s){return typeof s==='string'&&norm(s).indexOf(n)===0});
window.__sugestoes={termo:q,lista:list};
if(list.length)show(i,list);setTimeout(start)}).catch(function(){})},300)},true);
function show(i,list){
var id=i.getAttribute('aria-controls'),b=i.getBoundingClientRect();
box=d.createElement('ul');box.id=id;box.className='search-form__popup';
box.setAttribute('role','listbox');box.setAttribute('aria-label',i.form.getAttribute('data-suggest-label'));
box.style.cssText='position:absolute;right:auto;left:'+(b.left+scrollX)+'px;top:'+(b.bottom+scrollY)+'px;width:'+b.width+'px';
list.forEach(function(s,k){var li=d.createElement('li');li.id=id+'-'+k;li.textContent=s;
li.setAttribute('role','option');li.setAttribute('aria-selected','false');box.appendChild(li)});
box.input=i;d.body.appendChild(box);i.setAttribute('aria-expanded','true')}
addEventListener('mousedown',function(e){
var li=box&&e.target.closest&&e.target.closest('li');if(!li||!box.contains(li))return;
var i=box.input;e.preventDefault();e.stopImmediatePropagation();i.value=li.textContent;drop();i.form.requestSubmit()},true);
addEventListener('focusout',function(e){if(box&&e.target===box.input)setTimeout(drop,150)},true);
function track(a){try{navigator.sendBeacon('${routes.trackEvent.path}',new Blob([JSON.stringify({evento:a.getAttribute('data-track'),pagina:location.pathname+location.search,alvo:a.getAttribute('href')||undefined,props:{}})],{type:'application/json'}))}catch(x){}}
var lm=d.querySelector('dialog[data-modal=login]');
lm&&lm.addEventListener('close',function(){if(lm.key){try{sessionStorage.removeItem(lm.key)}catch(x){}lm.key=null}});
function modal(f,by,e){
var g=f.getAttribute('data-login-modal'),k=g?g.indexOf('='):-1,v;
if(k<1||!lm||!lm.querySelector('form[data-login-plain]')||r.getAttribute('data-site')==='profile')return false;
e.preventDefault();e.stopImmediatePropagation();
try{v=JSON.parse(g.slice(k+1));v.at=Date.now();sessionStorage.setItem(g.slice(0,k),JSON.stringify(v));lm.key=g.slice(0,k)}catch(x){}
if(!lm.open)lm.showModal();
var i=lm.querySelector('input:not([type=hidden])');i&&i.focus();
clearTimeout(soon);soon=setTimeout(start,${MODAL_START_MS});
held.push(function(){if(hydrated()&&lm.open&&f.isConnected)f.requestSubmit(by&&by.form===f?by:undefined)});
return true}
addEventListener('click',function(e){
if(hydrated()||native||!e.target.closest)return;
var m=e.target.closest('dialog[open]');
if(m){if(e.target===m||e.target.closest('.modal__close')){e.preventDefault();m.close()}return}
var t=e.target.closest('button,a[data-track]');
if(!t)return;
if(t.tagName==='A'){track(t);return}
if(t.form&&t.form.hasAttribute('data-login-first'))return;
if(t.form&&t.form.hasAttribute('data-login-modal')&&modal(t.form,t,e))return;
if(t.type!=='button'&&!(t.form&&t.form.method==='post'))return;
e.preventDefault();e.stopImmediatePropagation();start();
held.push(function(){if(t.isConnected)t.click()});
},true);
addEventListener('submit',function(e){
var f=e.target,q=f.hasAttribute('data-suggest')&&f.elements.q,gate=f.getAttribute('data-login-first');
if(hydrated())return;
if(q&&!q.value.trim()){e.preventDefault();e.stopImmediatePropagation();q.focus();return}
if(native||f.method!=='post'||f.hasAttribute('data-login-plain'))return;
if(f.hasAttribute('data-login-modal')&&modal(f,e.submitter,e))return;
e.preventDefault();e.stopImmediatePropagation();
if(gate){var k=gate.split('=');try{sessionStorage.setItem(k[0],k.slice(1).join('='))}catch(x){}
location.assign('/login?auth.redirect='+encodeURIComponent(location.href));return}
start();
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
