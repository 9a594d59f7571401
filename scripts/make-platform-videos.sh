#!/usr/bin/env bash
# Makes the small MP4s the platform emulators serve as the platforms' video
# files (tests/fixtures/platform-videos/, README there). Run by hand when they
# need to change; neither npm test nor CI runs it, and the project never needs
# ffmpeg otherwise. Needs Debian's ffmpeg (apt-get install ffmpeg) and the
# DejaVu fonts that come with it.
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/tests/fixtures/platform-videos"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$out"

# What phones and Shopify's video processing take without complaint: H.264
# Constrained Baseline, yuv420p, the index (moov) first so playback can start
# before the whole file has arrived. -bitexact and no metadata keep the bytes
# the same from one run to the next on the same ffmpeg build.
common=(-c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 34 -g 30 -movflags +faststart -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

# $1 number, $2 ffmpeg lavfi source (180x320, 15 fps, 3 s), $3 colour of the number's box
make() {
  local number=$1 source=$2 box=$3
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$source" \
    -vf "drawtext=fontfile=$font:text=$number:fontsize=150:fontcolor=white:borderw=6:bordercolor=black:x=(w-tw)/2:y=(h-th)/2-20:box=1:boxcolor=$box@0.55:boxborderw=12,drawtext=fontfile=$font:text='clip $number  %{pts\:hms}':fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6:x=8:y=h-28" \
    "${common[@]}" -an "$out/video-$number.mp4"
}

make 1 "testsrc2=size=180x320:rate=15:duration=3" "0x1E88E5"
make 2 "mandelbrot=size=180x320:rate=15:end_scale=0.05,trim=duration=3" "0xE53935"
make 3 "gradients=size=180x320:rate=15:duration=3:c0=#1B5E20:c1=#A5D6A7:x0=0:y0=0:x1=180:y1=320:speed=0.08:seed=3" "0x43A047"
make 4 "testsrc=size=180x320:rate=15:duration=3" "0x8E24AA"

# The fifth has a quiet 440 Hz tone (tiny mono AAC): some consumers treat
# videos with and without a sound track differently.
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "gradients=size=180x320:rate=15:duration=3:type=spiral:n=3:c0=#E65100:c1=#FFE0B2:c2=#4E342E:x0=90:y0=160:x1=180:y1=0:speed=0.05:seed=5" \
  -f lavfi -i "sine=frequency=440:sample_rate=22050:duration=3,volume=0.2" \
  -vf "drawtext=fontfile=$font:text=5:fontsize=150:fontcolor=white:borderw=6:bordercolor=black:x=(w-tw)/2:y=(h-th)/2-20:box=1:boxcolor=0xFB8C00@0.55:boxborderw=12,drawtext=fontfile=$font:text='clip 5  %{pts\:hms}':fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6:x=8:y=h-28" \
  "${common[@]}" -c:a aac -b:a 24k -ac 1 -shortest "$out/video-5.mp4"

# Not a video: an MP4's first box (ftyp), so a sniffer takes it for one, then
# text instead of the movie; no player or transcoder can decode it.
head -c 32 "$out/video-1.mp4" > "$out/broken.mp4"
printf 'clipcart: this file is not a decodable video\n%.0s' {1..90} >> "$out/broken.mp4"

ls -l "$out"
