#include "msgx/decoder/SafeXmlReader.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/FieldTextSupport.h"

#include <Poco/Exception.h>
#include <Poco/SAX/Attributes.h>
#include <Poco/SAX/ContentHandler.h>
#include <Poco/SAX/EntityResolver.h>
#include <Poco/SAX/LexicalHandler.h>
#include <Poco/SAX/Locator.h>
#include <Poco/SAX/SAXException.h>
#include <Poco/SAX/SAXParser.h>

#include <utility>
#include <vector>

namespace msgx::codec {

namespace {

using Poco::XML::XMLChar;
using Poco::XML::XMLString;

// Thrown by the handlers below to stop the parse at once. It travels through expat's C frames back
// to readXmlDocument (Poco's own callbacks rethrow the same way; platform-notes.md §8).
struct Refusal {
    std::string reason;
    XmlProblem kind = XmlProblem::OverLimit;
};

// An element whose end tag has not been read yet.
struct OpenElement {
    std::string name;
    std::vector<XmlAttribute> attributes;
    std::string text;
    std::vector<Element> children;
    int line = 0;
};

// Builds the Element tree from SAX events and refuses DTDs, external entities and documents beyond
// the limits.
class TreeBuilder final : public Poco::XML::ContentHandler,
                          public Poco::XML::LexicalHandler,
                          public Poco::XML::EntityResolver {
public:
    explicit TreeBuilder(const XmlLimits& limits) : limits_(limits) {}

    std::optional<Element> takeRoot() { return std::move(root_); }
    // The root element has been closed: anything the parser still complains about follows it.
    [[nodiscard]] bool rootClosed() const { return root_.has_value(); }

    void setDocumentLocator(const Poco::XML::Locator* locator) override { locator_ = locator; }
    void startDocument() override {}
    void endDocument() override {}

    void startElement(const XMLString&, const XMLString&, const XMLString& qname,
                      const Poco::XML::Attributes& attributes) override {
        const int line = currentLine();
        if (open_.size() >= static_cast<std::size_t>(limits_.maxDepth)) {
            throw Refusal{"element nesting deeper than " + std::to_string(limits_.maxDepth) +
                          " levels at line " + std::to_string(line)};
        }
        if (++elementCount_ > limits_.maxElements) {
            throw Refusal{"more than " + std::to_string(limits_.maxElements) + " elements (element " +
                          detail::shortened(qname) + " at line " + std::to_string(line) + ")"};
        }
        attributeCount_ += static_cast<std::size_t>(attributes.getLength());
        if (attributeCount_ > limits_.maxAttributes) {
            throw Refusal{"more than " + std::to_string(limits_.maxAttributes) + " attributes (element " +
                          detail::shortened(qname) + " at line " + std::to_string(line) + ")"};
        }
        OpenElement element;
        element.name = qname;
        element.line = line;
        element.attributes.reserve(static_cast<std::size_t>(attributes.getLength()));
        for (int i = 0; i < attributes.getLength(); ++i) {
            element.attributes.push_back(
                {attributes.getQName(i), std::string(detail::trimXmlWhitespace(attributes.getValue(i)))});
        }
        open_.push_back(std::move(element));
    }

    void endElement(const XMLString&, const XMLString&, const XMLString&) override {
        OpenElement& closing = open_.back();
        Element element(std::move(closing.name), std::move(closing.attributes),
                        std::string(detail::trimXmlWhitespace(closing.text)), std::move(closing.children),
                        closing.line);
        open_.pop_back();
        if (open_.empty()) {
            root_.emplace(std::move(element));
        } else {
            open_.back().children.push_back(std::move(element));
        }
    }

    void characters(const XMLChar text[], int start, int length) override {
        if (!open_.empty()) {
            open_.back().text.append(text + start, static_cast<std::size_t>(length));
        }
    }
    void ignorableWhitespace(const XMLChar[], int, int) override {}
    void processingInstruction(const XMLString&, const XMLString&) override {}
    void startPrefixMapping(const XMLString&, const XMLString&) override {}
    void endPrefixMapping(const XMLString&) override {}
    void skippedEntity(const XMLString& name) override {
        throw Refusal{"entity " + detail::shortened(name) + " refused at line " +
                          std::to_string(currentLine()),
                      XmlProblem::ForbiddenConstruct};
    }

    // LexicalHandler: any DOCTYPE ends the parse before its declarations are read.
    void startDTD(const XMLString&, const XMLString&, const XMLString&) override {
        throw Refusal{"DOCTYPE refused at line " + std::to_string(currentLine()) +
                          ": documents with a DTD or entity declarations are not accepted",
                      XmlProblem::ForbiddenConstruct};
    }
    void endDTD() override {}
    void startEntity(const XMLString&) override {}
    void endEntity(const XMLString&) override {}
    void startCDATA() override {}
    void endCDATA() override {}
    void comment(const XMLChar[], int, int) override {}

    // EntityResolver: external entities are switched off, so this is never reached; if it were, the
    // resource is refused rather than opened.
    Poco::XML::InputSource* resolveEntity(const XMLString*, const XMLString& systemId) override {
        throw Refusal{"external resource " + detail::shortened(systemId) + " refused at line " +
                          std::to_string(currentLine()),
                      XmlProblem::ForbiddenConstruct};
    }
    void releaseInputSource(Poco::XML::InputSource*) override {}

private:
    int currentLine() const { return locator_ != nullptr ? locator_->getLineNumber() : 0; }

    const XmlLimits& limits_;
    const Poco::XML::Locator* locator_ = nullptr;
    std::vector<OpenElement> open_;
    std::optional<Element> root_;
    std::size_t elementCount_ = 0;
    std::size_t attributeCount_ = 0;
};

// "not well-formed XML at line 3 column 8: tag mismatch" from Poco's "Tag mismatch in line 3 column 7"
// (expat's columns are 0-based). Poco reports text after the root element (a second </MSG>,
// envelope.md §8) as a mere "Invalid token", so that case is named plainly.
std::string describeParseError(const Poco::XML::SAXParseException& error, bool afterRoot) {
    std::string what = afterRoot ? "content after the end of the root element" : error.message();
    const std::string where = " in line " + std::to_string(error.getLineNumber()) + " column " +
                              std::to_string(error.getColumnNumber());
    if (what.size() >= where.size() && what.compare(what.size() - where.size(), where.size(), where) == 0) {
        what.erase(what.size() - where.size());
    }
    if (!what.empty()) {
        what.front() = codec::toAsciiLower(what.front());
    }
    return "not well-formed XML at line " + std::to_string(error.getLineNumber()) + " column " +
           std::to_string(error.getColumnNumber() + 1) + ": " + what;
}

XmlReadResult refused(std::string problem, XmlProblem kind) {
    return {std::nullopt, std::move(problem), kind};
}

} // namespace

XmlReadResult readXmlDocument(std::string_view xml, const XmlLimits& limits) {
    if (xml.size() > limits.maxBytes) {
        return refused("message is " + std::to_string(xml.size()) + " bytes, more than the limit of " +
                           std::to_string(limits.maxBytes) + " bytes",
                       XmlProblem::OverLimit);
    }
    TreeBuilder builder(limits);
    // The encoding given here overrides the document's declaration (expat's XML_ParserCreate).
    Poco::XML::SAXParser parser("UTF-8");
    parser.setFeature(Poco::XML::XMLReader::FEATURE_NAMESPACES, false);
    parser.setFeature(Poco::XML::XMLReader::FEATURE_NAMESPACE_PREFIXES, false);
    parser.setFeature(Poco::XML::XMLReader::FEATURE_EXTERNAL_GENERAL_ENTITIES, false);
    parser.setFeature(Poco::XML::XMLReader::FEATURE_EXTERNAL_PARAMETER_ENTITIES, false);
    parser.setContentHandler(&builder);
    parser.setEntityResolver(&builder);
    parser.setProperty(Poco::XML::XMLReader::PROPERTY_LEXICAL_HANDLER,
                       static_cast<Poco::XML::LexicalHandler*>(&builder));
    try {
        parser.parseMemoryNP(xml.data(), xml.size());
    } catch (const Refusal& refusal) {
        return refused(refusal.reason, refusal.kind);
    } catch (const Poco::XML::SAXParseException& error) {
        return refused(describeParseError(error, builder.rootClosed()), XmlProblem::NotWellFormed);
    } catch (const Poco::Exception& error) {
        return refused("XML parser failed: " + error.displayText(), XmlProblem::NotWellFormed);
    }
    std::optional<Element> root = builder.takeRoot();
    if (!root) {
        // expat reports a document without a complete root element itself; kept as a safety net.
        return refused("not well-formed XML: no root element", XmlProblem::NotWellFormed);
    }
    return {std::move(root), {}, XmlProblem::None};
}

} // namespace msgx::codec
