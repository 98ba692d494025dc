// Share links as QR codes, drawn with Debian's node-qrcode-generator
// (vendor/qrcode.js, served with the page when it was there at build time).
// The library is a classic script that sets window.qrcode; it is loaded the
// first time a QR code is asked for.

const SVG = 'http://www.w3.org/2000/svg';
const QUIET = 4;  // modules of blank margin the standard asks for

let loading = null;
export function loadQr() {
  if (window.qrcode) return Promise.resolve(window.qrcode);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'vendor/qrcode.js';
      script.onload = () => (window.qrcode ? resolve(window.qrcode) : reject(new Error('the QR code generator did not start')));
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error('this build of the page has no QR code generator'));
      };
      document.head.append(script);
    });
  }
  return loading;
}

// The modules of `text`'s QR code: {size, dark(r, c)}, the smallest version
// that holds it, with error correction M (L for long links). Throws when
// the text is too long for any QR code.
export function qrModules(qrcode, text) {
  const qr = qrcode(0, text.length > 1200 ? 'L' : 'M');
  qr.addData(text, 'Byte');
  qr.make();
  return { size: qr.getModuleCount(), dark: (r, c) => qr.isDark(r, c) };
}

// The QR code as an SVG element: dark modules as one path on white, with
// its quiet zone, named for screen readers.
export function qrSvg(modules, label) {
  const side = modules.size + 2 * QUIET;
  let d = '';
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) if (modules.dark(r, c)) d += `M${c + QUIET},${r + QUIET}h1v1h-1z`;
  }
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const bg = document.createElementNS(SVG, 'rect');
  bg.setAttribute('width', side);
  bg.setAttribute('height', side);
  bg.setAttribute('fill', '#fff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(bg, path);
  return svg;
}
