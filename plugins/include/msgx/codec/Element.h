#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::codec {

// One attribute as written in the document (qualified name, e.g. "xmlns:xsi"), value trimmed of
// XML whitespace.
struct XmlAttribute {
    std::string name;
    std::string value;
    bool operator==(const XmlAttribute&) const = default;
};

// One element of a decoded document, read-only. Names are the qualified names as written (the
// interface uses no namespaces on elements). `text` is the character content directly inside the
// element (CDATA included, children's content excluded), trimmed of XML whitespace (space, tab, CR,
// LF), so <X/>, <X></X> and <X>  </X> all have the text "". The string_views returned point into the
// element and live as long as it does.
class Element {
public:
    Element(std::string name, std::vector<XmlAttribute> attributes, std::string text,
            std::vector<Element> children, int line);

    [[nodiscard]] const std::string& name() const { return name_; }
    [[nodiscard]] const std::string& text() const { return text_; }
    [[nodiscard]] const std::vector<XmlAttribute>& attributes() const { return attributes_; }
    [[nodiscard]] const std::vector<Element>& children() const { return children_; }
    // 1-based line of the start tag, for reasons such as "FLTR at line 40".
    [[nodiscard]] int line() const { return line_; }

    // The first child named `name`, nullptr when there is none.
    [[nodiscard]] const Element* child(std::string_view name) const;
    // Every child named `name`, in document order (a repeat group such as PSDT).
    [[nodiscard]] std::vector<const Element*> children(std::string_view name) const;
    // The value of attribute `name`, std::nullopt when the element has no such attribute.
    [[nodiscard]] std::optional<std::string_view> attribute(std::string_view name) const;
    // The text of the first child named `name`, std::nullopt when there is none: the FieldText the
    // field parsers take, so parseFieldDateTime(flop.childText("ESTT")) tells absent from empty.
    [[nodiscard]] std::optional<std::string_view> childText(std::string_view name) const;
    // No text, no attributes and no children: an "empty group" (flop.md §2.4).
    [[nodiscard]] bool isEmpty() const;

private:
    std::string name_;
    std::vector<XmlAttribute> attributes_;
    std::string text_;
    std::vector<Element> children_;
    int line_ = 0;
};

} // namespace msgx::codec
