"use strict";(self.rspackChunkportal_comms=self.rspackChunkportal_comms||[]).push([[803],{2622(e,t,n){n.d(t,{A:()=>v});var r=n(5593),o=n.n(r);let i=(0,r.createContext)({}),a="data-rc-order",c="data-rc-priority",l=new Map;function u(){return!!("u">typeof window&&window.document&&window.document.createElement)}function s({mark:e}={}){return e?e.startsWith("data-")?e:`data-${e}`:"rc-util-key"}function f(e){return e.attachTo?e.attachTo:document.querySelector("head")||document.body}function d(e){return Array.from((l.get(e)||e).children).filter(e=>"STYLE"===e.tagName)}function p(e,t={}){let n;if(t.csp?.nonce||(t={...t,csp:{...t.csp,nonce:(n="u"<typeof document?void 0:document.querySelector('meta[property="csp-nonce"]')?.nonce)&&"__CSP_NONCE__"!==n?n:void 0}}),!u())return null;let{csp:r,prepend:o,priority:i=0}=t,l="queue"===o?"prependQueue":o?"prepend":"append",s="prependQueue"===l,m=document.createElement("style");m.setAttribute(a,l),s&&i&&m.setAttribute(c,`${i}`),r?.nonce&&(m.nonce=r.nonce),m.innerHTML=e;let g=f(t),{firstChild:y}=g;if(o){if(s){let e=(t.styles||d(g)).filter(e=>!!["prepend","prependQueue"].includes(e.getAttribute(a))&&i>=Number(e.getAttribute(c)||0));if(e.length)return g.insertBefore(m,e[e.length-1].nextSibling),m}g.insertBefore(m,y)}else g.appendChild(m);return m}let m={};function g(e,t){var n;n=`[@ant-design/icons] ${t}`,e||m[n]||(m[n]=!0)}function y(e){return null!==e&&"object"==typeof e&&"string"==typeof e.name&&"string"==typeof e.theme&&("object"==typeof e.icon||"function"==typeof e.icon)}function h(e={}){return Object.keys(e).reduce((t,n)=>{let r=e[n];return"class"===n?(t.className=r,delete t.class):(delete t[n],t[n.replace(/-(.)/g,(e,t)=>t.toUpperCase())]=r),t},{})}let b=`
.anticon {
  display: inline-flex;
  align-items: center;
  color: inherit;
  font-style: normal;
  line-height: 0;
  text-align: center;
  text-transform: none;
  vertical-align: -0.125em;
  text-rendering: optimizeLegibility;
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
}

.anticon > * {
  line-height: 1;
}

.anticon svg {
  display: inline-block;
  vertical-align: inherit;
}

.anticon::before {
  display: none;
}

.anticon .anticon-icon {
  display: block;
}

.anticon[tabindex] {
  cursor: pointer;
}

.anticon-spin {
  -webkit-animation: loadingCircle 1s infinite linear;
  animation: loadingCircle 1s infinite linear;
}

@-webkit-keyframes loadingCircle {
  100% {
    -webkit-transform: rotate(360deg);
    transform: rotate(360deg);
  }
}

@keyframes loadingCircle {
  100% {
    -webkit-transform: rotate(360deg);
    transform: rotate(360deg);
  }
}
`,C=e=>{let{icon:t,className:n,onClick:a,style:c,primaryColor:m,secondaryColor:C,...$}=e,v=r.useRef(null);return((e=>{let{csp:t,prefixCls:n,layer:o,zeroRuntime:a}=(0,r.useContext)(i),c=b;n&&(c=c.replace(/anticon/g,n)),o&&(c=`@layer ${o} {
${c}
}`),(0,r.useEffect)(()=>{var n;let r;if(a)return;let i=(n=e.current,r=n?.getRootNode?.(),"u">typeof ShadowRoot&&r instanceof ShadowRoot?r:null);!function(e,t,n={}){if(!u())return;let r=f(n),o=d(r),i={...n,styles:o};!function(e,t){let n=l.get(e);if(!n||!function(e,t){if(!e||!t)return!1;if(e.contains)return e.contains(t);let n=t;for(;n;){if(n===e)return!0;n=n.parentNode}return!1}(document,n)){let n=p("",t);if(!n)return;let{parentNode:r}=n;l.set(e,r),e.removeChild(n)}}(r,i);let a=function(e,t={}){let{styles:n}=t;return(n||=d(f(t))).find(n=>n.getAttribute(s(t))===e)}(t,i);if(a)return i.csp?.nonce&&a.nonce!==i.csp.nonce&&(a.nonce=i.csp.nonce),a.innerHTML!==e&&(a.innerHTML=e);let c=p(e,i);c?.setAttribute(s(i),t)}(c,"@ant-design-icons",{prepend:!o,csp:t,attachTo:i})},[])})(v),g(y(t),`icon should be icon definiton, but got ${typeof t}`),y(t))?function e(t,n,r){return r?(o()).createElement(t.tag,{key:n,...h(t.attrs),...r},(t.children||[]).map((r,o)=>e(r,`${n}-${t.tag}-${o}`))):(o()).createElement(t.tag,{key:n,...h(t.attrs)},(t.children||[]).map((r,o)=>e(r,`${n}-${t.tag}-${o}`)))}(t.icon,`svg-${t.name}`,{className:n,onClick:a,style:c,"data-icon":t.name,width:"1em",height:"1em",fill:"currentColor","aria-hidden":"true",...$,ref:v}):null};function $(){return($=Object.assign?Object.assign.bind():function(e){for(var t=1;t<arguments.length;t++){var n=arguments[t];for(var r in n)Object.prototype.hasOwnProperty.call(n,r)&&(e[r]=n[r])}return e}).apply(this,arguments)}C.displayName="IconReact";let v=r.forwardRef((e,t)=>{let{className:n,icon:o,spin:a,rotate:c,tabIndex:l,onClick:u,twoToneColor:s,...f}=e,{prefixCls:d="anticon",rootClassName:p}=r.useContext(i);if(g(y(o),`icon should be icon definiton, but got ${typeof o}`),!y(o))return null;let m=function(){for(var e,t,n=0,r="",o=arguments.length;n<o;n++)(e=arguments[n])&&(t=function e(t){var n,r,o="";if("string"==typeof t||"number"==typeof t)o+=t;else if("object"==typeof t)if(Array.isArray(t)){var i=t.length;for(n=0;n<i;n++)t[n]&&(r=e(t[n]))&&(o&&(o+=" "),o+=r)}else for(r in t)t[r]&&(o&&(o+=" "),o+=r);return o}(e))&&(r&&(r+=" "),r+=t);return r}(p,d,{[`${d}-${o.name}`]:!!o.name,[`${d}-spin`]:!!a||"loading"===o.name},n),h=l;void 0===h&&u&&(h=-1);let b=c?{msTransform:`rotate(${c}deg)`,transform:`rotate(${c}deg)`}:void 0;return r.createElement("span",$({role:"img","aria-label":o.name},f,{ref:t,tabIndex:h,onClick:u,className:m}),r.createElement(C,{icon:o,style:b}))})}}]);