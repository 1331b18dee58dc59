/** hls.js's light build (no subtitles, alternate audio or DRM: none of which call audio needs) has hls.js's types. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
