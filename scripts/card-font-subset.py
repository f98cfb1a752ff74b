# Rebuilds worker/services/posts/fonts/inter-{regular,bold}-subset.ttf from Debian's fonts-inter
# (apt-get install fonts-inter python3-fonttools; run with /usr/bin/python3). Decision 270.
from fontTools.ttLib import TTFont, newTable
from fontTools.subset import Subsetter, Options
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
import sys
UNI = list(range(0x20,0x7f))+list(range(0xa0,0x100))+[0x152,0x153,0x2013,0x2014,0x2018,0x2019,0x201c,0x201d,0x2022,0x2026,0x20ac,0x20b9,0x2122]
for w in ["Regular","Bold"]:
    f=TTFont(f"/usr/share/fonts/opentype/inter/Inter-{w}.otf")
    o=Options(); o.layout_features=[]; o.name_IDs=[0,1,2,3,4,5,6,13,14]; o.notdef_outline=True; o.hinting=False; o.desubroutinize=True
    s=Subsetter(o); s.populate(unicodes=UNI); s.subset(f)
    # CFF (cubic) -> glyf (quadratic) so the Worker's small TrueType reader can draw it.
    gs=f.getGlyphSet(); order=f.getGlyphOrder(); glyf={}
    for n in order:
        pen=TTGlyphPen(None); gs[n].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True)); glyf[n]=pen.glyph()
    del f["CFF "]
    for t in ["GDEF","GPOS","GSUB"]:
        if t in f: del f[t]
    f["loca"]=newTable("loca"); g=newTable("glyf"); g.glyphOrder=order; g.glyphs=glyf; f["glyf"]=g
    f["maxp"].tableVersion=0x00010000
    for a in ["maxZones","maxTwilightPoints","maxStorage","maxFunctionDefs","maxInstructionDefs","maxStackElements","maxSizeOfInstructions","maxComponentElements","maxPoints","maxContours","maxCompositePoints","maxCompositeContours","maxComponentDepth"]:
        setattr(f["maxp"],a,0)
    f["maxp"].maxZones=1
    f["head"].indexToLocFormat=0; f["head"].glyphDataFormat=0
    f["post"].formatType=3.0
    f.sfntVersion="\x00\x01\x00\x00"
    out=f"worker/services/posts/fonts/inter-{w.lower()}-subset.ttf"
    f.save(out)
    print(out, len(order))
