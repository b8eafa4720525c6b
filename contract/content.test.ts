import { describe, expect, it } from 'vitest';
import { videoFormSchema, youtubeId, youtubeWatchId } from './content';

const ID = 'dQw4w9WgXcQ';

describe('the featured video takes any YouTube link a person copies', () => {
  it.each([
    ['a watch link', `https://www.youtube.com/watch?v=${ID}`],
    ['a watch link without www', `https://youtube.com/watch?v=${ID}`],
    ['a watch link with a start time', `https://www.youtube.com/watch?v=${ID}&t=42s`],
    ['a watch link with the id after other parameters', `https://www.youtube.com/watch?feature=shared&v=${ID}&list=PL123`],
    ['a share link', `https://youtu.be/${ID}`],
    ['a share link with ?si=', `https://youtu.be/${ID}?si=AbCdEfGhIjKl`],
    ['a share link with a start time', `https://youtu.be/${ID}?t=90`],
    ['a Shorts link', `https://www.youtube.com/shorts/${ID}`],
    ['a Shorts link with ?si=', `https://youtube.com/shorts/${ID}?si=xyz`],
    ['an embed link', `https://www.youtube.com/embed/${ID}?start=10`],
    ['a privacy-enhanced embed link', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['a live link', `https://www.youtube.com/live/${ID}?feature=share`],
    ['a phone link', `https://m.youtube.com/watch?v=${ID}`],
    ['a YouTube Music link', `https://music.youtube.com/watch?v=${ID}&si=abc`],
    ['a link without its scheme', `youtu.be/${ID}`],
    ['a link without its scheme, www', `www.youtube.com/watch?v=${ID}`],
    ['an http link', `http://www.youtube.com/watch?v=${ID}`],
    ['a link with spaces around it', `  https://youtu.be/${ID}  `],
    ['a link with a trailing slash', `https://www.youtube.com/shorts/${ID}/`],
  ])('reads the id from %s', (_, url) => {
    expect(youtubeWatchId(url)).toBe(ID);
    const parsed = videoFormSchema.parse({ youtube_url: url });
    // Stored as the watch URL whose `v` the spec's reader takes.
    expect(parsed.youtube_url).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(youtubeId(parsed.youtube_url)).toBe(ID);
  });

  it.each([
    ['another video site', `https://vimeo.com/watch?v=${ID}`],
    ['a look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ['a host ending in youtube.com', `https://notyoutube.com/watch?v=${ID}`],
    ['an id of the wrong length', 'https://www.youtube.com/watch?v=short'],
    ['a channel page', 'https://www.youtube.com/@teakwoodstudio'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
    ['the home page', 'https://www.youtube.com/'],
    ['a script link', `javascript:alert(1)//?v=${ID}`],
    ['an ftp link', `ftp://youtube.com/watch?v=${ID}`],
    ['text that is no link', 'my video'],
  ])('refuses %s with a sentence', (_, url) => {
    expect(youtubeWatchId(url)).toBeNull();
    const result = videoFormSchema.safeParse({ youtube_url: url });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Enter a link to a YouTube video, such as /);
  });
});
