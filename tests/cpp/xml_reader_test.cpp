// The XML pull reader: the constructs real files use (declarations, comments, entities,
// CDATA, any attribute order and quoting, CRLF, a BOM, Latin-1), and hostile documents
// refused in one line that names the line and the problem.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/error.hpp"
#include "text/utf8.hpp"
#include "xml/xml_reader.hpp"
#include "xml/xml_writer.hpp"

namespace pw::xml {
namespace {

using Event = Reader::Event;

// The events of a document as short strings: "<a x=1>", "</a>", "'text'" (blank text left out).
std::vector<std::string> events(const std::string& doc) {
  Reader r(doc);
  std::vector<std::string> out;
  for (;;) {
    const Event e = r.next();
    if (e == Event::EndOfDocument) return out;
    if (e == Event::StartElement) {
      std::string s = "<" + r.name();
      for (const Attribute& a : r.attributes()) s += " " + a.name + "=" + a.value;
      out.push_back(s + ">");
    } else if (e == Event::EndElement) {
      out.push_back("</" + r.name() + ">");
    } else if (r.text().find_first_not_of(" \t\r\n") != std::string::npos) {
      out.push_back("'" + r.text() + "'");
    }
  }
}

std::string errorOf(const std::string& doc) {
  try {
    events(doc);
  } catch (const PuzzleError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  return "(accepted)";
}

TEST(XmlReader, ReadsWhatRealFilesContain) {
  const std::string doc =
      "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n"
      "<!-- a comment -->\r\n<?pi ignored?>\r\n"
      "<puzzle version='2'>\r\n"
      "  <voxel   type=\"0\" x = \"2\"\ty='1' z=\"1\" name=\"A &amp; B &#233;&#x20AC; &lt;&gt;&quot;&apos;\">#_</voxel>\r\n"
      "  <comment popup=\"\">line 1\r\nline 2 <![CDATA[<raw> & ]]>end<!-- skipped --> more</comment>\r\n"
      "  <empty/>\r\n"
      "</puzzle>\r\n<!-- trailing comment -->\r\n";
  EXPECT_EQ(events(doc), (std::vector<std::string>{
                             "<puzzle version=2>", "<voxel type=0 x=2 y=1 z=1 name=A & B \xC3\xA9\xE2\x82\xAC <>\"'>", "'#_'",
                             "</voxel>", "<comment popup=>", "'line 1\nline 2 <raw> & end more'", "</comment>", "<empty>",
                             "</empty>", "</puzzle>"}));
}

TEST(XmlReader, ReadsLatin1) {
  // Declared, or (as older tools wrote) undeclared and not valid UTF-8.
  Reader declared("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf\xE9</a>");
  declared.next();
  declared.next();
  EXPECT_EQ(declared.text(), "caf\xC3\xA9");
  EXPECT_FALSE(declared.readAsLatin1());
  Reader undeclared("<a b=\"\xA9\"/>");
  undeclared.next();
  EXPECT_EQ(*undeclared.attribute("b"), "\xC2\xA9");
  EXPECT_TRUE(undeclared.readAsLatin1());
  EXPECT_EQ(errorOf("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>\xE9</a>"),
            "XML line 1: the document declares utf-8 but is not valid UTF-8");
}

TEST(XmlReader, SkipsElements) {
  Reader r("<a><b><c>x</c><c/></b><d/></a>");
  ASSERT_EQ(r.next(), Event::StartElement);
  ASSERT_EQ(r.next(), Event::StartElement);
  r.skipElement();  // <b> and all inside
  ASSERT_EQ(r.next(), Event::StartElement);
  EXPECT_EQ(r.name(), "d");
}

TEST(XmlReader, RefusesMalformedDocuments) {
  EXPECT_EQ(errorOf("<a>\n<b>\n</a>"), "XML line 3: </a> closes <b> (opened on line 2)");
  EXPECT_EQ(errorOf("<a>\n<b>text"), "XML line 2: the document ends inside <b> (opened on line 2): it is truncated");
  EXPECT_EQ(errorOf("<a x=\"1\" x=\"2\"/>"), "XML line 1: attribute 'x' appears twice in <a>");
  EXPECT_EQ(errorOf("<a x=1/>"), "XML line 1: the value of attribute 'x' is not in quotes");
  EXPECT_EQ(errorOf("<a x=\"<\"/>"), "XML line 1: '<' in the value of attribute 'x'");
  EXPECT_EQ(errorOf("<a>&nbsp;</a>"),
            "XML line 1: unknown entity &nbsp; (XML's five predefined entities and character references are supported)");
  EXPECT_EQ(errorOf("<a>&#0;</a>"), "XML line 1: &#0; is not a valid character reference");
  EXPECT_EQ(errorOf("<a>&#xD800;</a>"), "XML line 1: &#xD800; is not a valid character reference");
  EXPECT_EQ(errorOf("<a>& b</a>"), "XML line 1: '&' not followed by an entity reference such as &amp;");
  EXPECT_EQ(errorOf("<!DOCTYPE a [<!ENTITY x \"y\">]><a/>"),
            "XML line 1: DOCTYPE declarations are not supported (BurrTools files have none)");
  EXPECT_EQ(errorOf("<a/><b/>"), "XML line 1: a second root element <b>");
  EXPECT_EQ(errorOf("<a/>x"), "XML line 1: content after the root element: 'x'");
  EXPECT_EQ(errorOf(""), "XML line 1: no root element (the document is empty)");
  EXPECT_EQ(errorOf("<a><!-- open"), "XML line 1: unterminated comment (no -->)");
  EXPECT_EQ(errorOf("<a><![CDATA[x</a>"), "XML line 1: unterminated CDATA section (no ]]>)");
  EXPECT_EQ(errorOf("<a/>\n<?xml version=\"1.0\"?>"), "XML line 2: an XML declaration that is not at the start of the document");
  EXPECT_EQ(errorOf("<?xml version=\"2.0\"?><a/>"), "XML line 1: XML version 2.0 is not supported (1.0 is)");
  EXPECT_EQ(errorOf("<?xml version=\"1.0\" encoding=\"EBCDIC\"?><a/>"),
            "XML line 1: encoding 'ebcdic' is not supported (UTF-8 and ISO-8859-1 are)");
  EXPECT_EQ(errorOf(std::string("\xFF\xFE<\0a\0/\0>\0", 10)), "XML line 1: UTF-16 documents are not supported; save the file as UTF-8");
  EXPECT_EQ(errorOf(std::string("<a>x\0y</a>", 10)), "XML line 1: a NUL byte in the text");
  EXPECT_EQ(errorOf("<1a/>"), "XML line 1: expected an element name, found '1'");
  EXPECT_EQ(errorOf("<a"), "XML line 1: the document ends inside the tag <a> (truncated?)");
  EXPECT_EQ(errorOf("</a>"), "XML line 1: </a> closes no open element");
}

TEST(XmlReader, BoundsDepthNamesAndAttributes) {
  std::string deep;
  for (int i = 0; i < kMaxDepth + 1; ++i) deep += "<a>";
  EXPECT_EQ(errorOf(deep), "XML line 1: elements nested more than 1000 deep");
  std::string fine;
  for (int i = 0; i < kMaxDepth; ++i) fine += "<a>";
  for (int i = 0; i < kMaxDepth; ++i) fine += "</a>";
  EXPECT_EQ(errorOf(fine), "(accepted)");
  EXPECT_EQ(errorOf("<a x=\"" + std::string(kMaxAttributeChars + 1, 'y') + "\"/>"),
            "XML line 1: the value of attribute 'x' is longer than 65536 bytes");
  EXPECT_EQ(errorOf("<" + std::string(kMaxNameChars + 1, 'n') + "/>"), "XML line 1: an element name longer than 256 characters");
  std::string many = "<a";
  for (std::size_t i = 0; i <= kMaxAttributes; ++i) many += " a" + std::to_string(i) + "=\"\"";
  EXPECT_EQ(errorOf(many + "/>"), "XML line 1: more than 256 attributes in <a>");
}

TEST(XmlWriter, WritesWhatTheReaderReadsBack) {
  Writer w;
  w.start("puzzle");
  w.attribute("name", "A & \"B\" <c>");
  w.start("empty");
  w.end();
  w.start("voxel");
  w.attribute("x", 3);
  w.text("#_+1");
  w.end();
  w.end();
  const std::string doc = w.finish();
  EXPECT_EQ(doc,
            "<?xml version=\"1.0\"?>\n<puzzle name=\"A &amp; &quot;B&quot; &lt;c&gt;\">\n <empty/>\n <voxel x=\"3\">#_+1</voxel>\n</puzzle>\n");
  EXPECT_EQ(events(doc), (std::vector<std::string>{"<puzzle name=A & \"B\" <c>>", "<empty>", "</empty>", "<voxel x=3>", "'#_+1'",
                                                   "</voxel>", "</puzzle>"}));
}

}  // namespace
}  // namespace pw::xml

namespace pw::xml {
namespace {

TEST(XmlReader, MessagesQuotingDeclarationBytesAreUtf8) {
  // Found by the xmpuzzle fuzzer: the declaration is read before the document is known to be
  // UTF-8, and its field name came back raw in the message.
  const std::string message = errorOf("<?xml versio\x8d\xed\x38 x?><a/>");
  EXPECT_EQ(text::findInvalidUtf8(message), std::nullopt) << message;
  EXPECT_NE(message.find("versio\xef\xbf\xbd"), std::string::npos) << message;
  EXPECT_EQ(errorOf("<?xml version='\n2'?><a/>").find('\n'), std::string::npos);
}

}  // namespace
}  // namespace pw::xml
