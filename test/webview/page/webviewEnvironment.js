/* global window, document, MutationObserver, CSSStyleSheet, performance, requestAnimationFrame, setTimeout */
// Runs in the test page before its own scripts and provides what VS Code gives a webview: the theme's --vscode-*
// variables, the theme's body class, and acquireVsCodeApi (posting to the fake host). `__env` is prepended by the
// harness: { theme: { bodyClass, variables }, savedState }.
/* eslint-disable no-undef */
(function installWebviewEnvironment(env) {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(`CSP ${e.violatedDirective}: ${e.blockedURI}`);
  });
  // The environment arrives before the document has elements: style <html> and mark <body> as they appear.
  // VS Code's default webview styles (the rules that touch what the view renders), as a constructed sheet. VS Code
  // puts them first in <head>, so the view's own rules win; :where() gives them that lower weight here.
  const defaults = new CSSStyleSheet();
  defaults.replaceSync(`
    :where(body) { margin: 0; padding: 0 20px; color: var(--vscode-editor-foreground); font-family: var(--vscode-font-family);
      font-weight: var(--vscode-font-weight); font-size: var(--vscode-font-size); }
    :where(a, a code) { color: var(--vscode-textLink-foreground); }
    :where(code) { font-family: var(--monaco-monospace-font); color: var(--vscode-textPreformat-foreground);
      background-color: var(--vscode-textPreformat-background); padding: 1px 3px; border-radius: 4px; }
    :where(pre code) { padding: 0; }
  `);
  const apply = () => {
    const html = document.documentElement;
    if (html && !html.dataset.themed) {
      for (const [name, value] of Object.entries(env.theme.variables)) html.style.setProperty(`--vscode-${name}`, value);
      document.adoptedStyleSheets = [defaults, ...document.adoptedStyleSheets];
      html.dataset.themed = 'true';
    }
    if (!document.body) return false;
    document.body.classList.add(env.theme.bodyClass);
    return true;
  };
  if (!apply()) {
    new MutationObserver((_, observer) => {
      if (apply()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }
  // For the bench: mark the first frame that shows rows (the task after the frame's animation callbacks).
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.virtual-row')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => performance.mark('first-rows-painted'), 0));
  }).observe(document, { childList: true, subtree: true });

  // For the bench: scroll the list by `step` pixels every frame for `frames` frames; resolves to the frame times.
  window.__measureScrollFrames = (frames, step) =>
    new Promise((resolve) => {
      const scroller = document.querySelector('.scroller');
      const times = [];
      let last = performance.now();
      const tick = (now) => {
        times.push(now - last);
        last = now;
        scroller.scrollTop += step;
        if (times.length < frames) requestAnimationFrame(tick);
        else resolve(times.slice(1));
      };
      requestAnimationFrame(tick);
    });

  window.__savedState = env.savedState;
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi called twice');
    acquired = true;
    return {
      postMessage: (message) => void window.__toHost(message),
      getState: () => window.__savedState,
      // As VS Code's, setState returns the state it saved.
      setState: (state) => {
        window.__savedState = state;
        return state;
      },
    };
  };
})(__env);
